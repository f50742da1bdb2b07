// Types of session.mjs for the TypeScript tests (the generator itself is plain ESM JavaScript).
export type GenFormat = "scorel" | "pi" | "omp17" | "yoi";
export declare const FORMATS: GenFormat[];
export declare const READER_OF: Record<GenFormat, "scorel" | "pi" | "yoi">;
export interface SessionGenOptions {
  seed: number;
  events: number;
  shape?: Record<string, unknown>;
  sampleRate?: number;
  yoi?: { sessionId?: string; compactedFrom?: { segment_id: string; at_turn_index: number }; seedHistory?: object[] };
}
export declare function sessionLines(format: GenFormat, opts: SessionGenOptions): Generator<string>;
export declare function sessionText(format: GenFormat, opts: SessionGenOptions): string;
