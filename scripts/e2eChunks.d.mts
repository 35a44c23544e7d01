// Types for e2eChunks.mjs, which `node scripts/test.mjs` loads without a TypeScript loader.
export declare const E2E_DIR: string;
export interface E2eChunk { files: string[]; weight: number }
export declare function e2eChunks(count?: number, dir?: string): E2eChunk[];
