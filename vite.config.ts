import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Old phones on slow links: no source maps shipped, small inline limit.
    sourcemap: false,
    assetsInlineLimit: 2048,
  },
});
