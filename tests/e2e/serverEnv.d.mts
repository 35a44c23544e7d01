// Types for serverEnv.mjs, which `node scripts/test.mjs` loads without a TypeScript loader.
export declare const GAME_SERVER_KEY: string;
export declare const E2E_SERVER_COMMAND: string[];
export declare function e2eServerEnv(port: number): Record<string, string>;
export declare const SERVER_STARTED_ENV: string;
