/** file → the files it imports (values and types); `overrides` replaces a file's text (absolute path). */
export function importGraph(overrides?: Map<string, string>): Map<string, string[]>;
/** Every circle of files (repo-relative paths, sorted) in the graph. */
export function importCycles(graph?: Map<string, string[]>): string[][];
export const packageDirs: string[];
