import { defineConfig } from "vite";

/**
 * The client build of the appeal form's island (app/features/appeals/appeal-form-island.tsx),
 * beside React Router's build in build/client. Run after `react-router build`, which empties
 * build/client first. The entry keeps a recognisable name for scripts/add-island-script.ts.
 */
export default defineConfig({
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    sourcemap: false,
    assetsInlineLimit: 2048,
    rollupOptions: {
      input: { "appeal-form-island": "app/features/appeals/appeal-form-island.tsx" },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
      },
    },
  },
});
