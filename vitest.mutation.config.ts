// The test set of the mutation run (`npm run mutation`, Stryker): unit and property tests that import src/
// directly. CLI, golden and browser tests run bin/ against dist/, which Stryker does not mutate, so they
// could only add time; tests that load built workers or modules from dist/ are left out for the same reason.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/unit/**/*.test.ts", "test/property/**/*.test.ts"],
    exclude: ["test/unit/ttsr/guard.test.ts", "test/unit/app/audit-pool.test.ts", "test/unit/schema/schemas.test.ts", "test/unit/schema/precompiled.test.ts", "**/node_modules/**"],
    testTimeout: 60000,
    setupFiles: ["test/setup.ts"],
    hookTimeout: 60000,
  },
});
