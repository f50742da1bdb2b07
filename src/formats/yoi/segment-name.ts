// A yoi segment file's name (docs/yoi.md §7): `<segment id>.jsonl`, the id a UUID. Its own module so that the
// audit's main thread can tell a session folder's segments apart (to give them to one worker in turn, reading
// each origin once) without loading the yoi reader.

/** `<uuid>.jsonl`; group 1 is the id. Debug `*.trace.jsonl` files are not segments. */
export const SEGMENT_FILE = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.jsonl$/;

/**
 * A segment name as yoi writes it: a UUID v7 id (time-ordered, so a folder's names sort oldest first). Claude
 * Code names its sessions with v4 UUIDs: a project folder of those is not taken for a yoi session folder.
 */
export const isYoiSegmentName = (name: string): boolean => SEGMENT_FILE.test(name) && name[14] === "7";
