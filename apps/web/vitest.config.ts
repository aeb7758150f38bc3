import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    environment: 'node',
  },
});
