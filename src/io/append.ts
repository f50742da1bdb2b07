// Appending to a file another program owns (a CI job summary): never atomic-replaced, since earlier steps'
// content must stay.
import { appendFileSync } from "node:fs";

export function appendText(path: string, text: string): void {
  appendFileSync(path, text, "utf8");
}
