import { defineConfig } from "vite";

/**
 * The shared appeal schema (zod) for the form's island, built on its own: the island loads it
 * on the first focus in the form by the address scripts/add-island-script.ts writes into the
 * page. A separate build has no dynamic import inside the island, so the island carries no
 * preload helper; the schema carries its own copy of the few names it shares with the form.
 */
export default defineConfig({
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    sourcemap: false,
    rollupOptions: {
      // The schema and the sending of an appeal with files (decision 0045).
      input: { "appeal-form-schema": "app/features/appeals/appeal-form-lazy.ts" },
      preserveEntrySignatures: "strict",
      output: { entryFileNames: "assets/[name]-[hash].js" },
    },
  },
});
