// Types for failureExcerpt.mjs, which `node scripts/test.mjs` loads without a TypeScript loader.
export declare function failureExcerpt(output: string, maxLines?: number): string;
