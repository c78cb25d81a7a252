// Types of build-server.mjs, for the TypeScript that builds the server (the browser journeys).
export declare const KEEP_EXTERNAL: string[];
export declare function buildServer(root: string, outdir?: string): Promise<{ dependencies: number }>;
