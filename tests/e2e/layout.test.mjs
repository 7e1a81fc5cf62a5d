// The page at common window sizes: the canvas stays in view however many
// state keys the input form has, and narrow windows stack the panels.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, openEditor, openExample } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const box = (page, selector) => page.locator(selector).first().boundingBox();

test("a graph with eleven state keys keeps its canvas in view, and a narrow window stacks the panels", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "support-agent");
  assert.equal(await page.locator(".input-field").count(), 11);
  for (const [width, height] of [[1440, 900], [1280, 800], [1024, 700]]) {
    await page.setViewportSize({ width, height });
    // Each field stays whole in the form: a long key ("approval_event_id") is clipped, not its field.
    const form = await box(page, ".input-fields");
    const rights = await page.locator(".input-field input").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    assert.ok(rights.every((r) => r <= form.x + form.width + 0.5), `at ${width}×${height} a field ends past the form: ${rights} > ${form.x + form.width}`);
    const canvas = await box(page, ".canvas-wrap");
    assert.ok(canvas.y < height / 2, `at ${width}×${height} the canvas starts at ${canvas.y}px`);
    const [side, center, inspector] = await Promise.all([box(page, ".sidebar"), box(page, ".center"), box(page, ".inspector")]);
    assert.ok(side.x < center.x && center.x < inspector.x, "three columns side by side");
  }
  await page.setViewportSize({ width: 800, height: 700 });
  const [side, center, inspector] = await Promise.all([box(page, ".sidebar"), box(page, ".center"), box(page, ".inspector")]);
  assert.ok(center.y < side.y && side.y < inspector.y, "one column: the canvas first, then the graphs, then the inspector");
  assert.ok(center.width > 700, `the canvas column spans the window (${center.width}px)`);
  await page.close();
});

test("the superstep panel's reducer table keeps its headers and node names whole at each window width", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "map-reduce");
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Step (Space)" }).click();
  await page.waitForSelector(".merges .writer");
  for (const [width, height] of [[1440, 900], [1280, 800], [1024, 700]]) {
    await page.setViewportSize({ width, height });
    // A word broken or clipped inside a cell is wider than its cell, or takes two lines of it.
    const cut = await page.locator(".merges th, .merges .writer").evaluateAll((els) =>
      els.flatMap((e) => {
        const words = e.textContent.split(/\s+/).filter(Boolean);
        const probe = document.createElement("span");
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
        e.appendChild(probe);
        const widest = Math.max(...words.map((w) => ((probe.textContent = w), probe.getBoundingClientRect().width)));
        probe.remove();
        const style = getComputedStyle(e);
        const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return widest > room + 0.5 ? [`${e.textContent} (${widest.toFixed(1)} > ${room})`] : [];
      }),
    );
    assert.deepEqual(cut, [], `at ${width}×${height}`);
  }
  await page.close();
});
