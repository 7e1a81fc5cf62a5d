/** Loads the engine; call once before anything else. */
export function init(source?: BufferSource | Response | URL | string | WebAssembly.Module): Promise<unknown>;
/** The engine's version string. */
export function engineVersion(): string;
