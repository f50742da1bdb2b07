// Types of real.mjs for the TypeScript tests.
export declare const REAL_FIXTURE: string;
export declare function realSession(dir: string, copies: number): Promise<{ path: string; bytes: number; copies: number }>;
export declare function bigWriteSession(dir: string, chars: number): Promise<{ path: string; bytes: number; chars: number }>;
