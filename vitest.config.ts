// Vitest's defaults, plus: never collect the copies of the tests in Stryker's sandboxes (`npm run mutation`).
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ".stryker-tmp/**"],
    setupFiles: ["test/setup.ts"],
  },
});
