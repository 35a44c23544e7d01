export interface ShellLayer { rank: number; homes: string[] }
export interface ServerRule { files: string[]; never: string[]; why: string }
export const SHELL_LAYERS: ShellLayer[];
export const SEPARATE_RANK: number;
export const SERVER_RULES: ServerRule[];
export function matches(pattern: string, name: string): boolean;
export function homeOf(pattern: string, path: string): string;
