import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The console is served by the API server from dist/ in production; in development Vite proxies the API.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 3100,
    proxy: {
      "/jeecg-boot": { target: "http://localhost:8080", ws: true },
    },
  },
});
