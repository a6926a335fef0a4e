import path from 'node:path';

/** Server configuration from the environment; README.md lists every variable. */
export const config = {
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || './data');
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || undefined;
  },
  get backendUrl() {
    return process.env.BACKEND_URL?.replace(/\/+$/, '') || undefined;
  },
  get seedDemo() {
    return process.env.SEED_DEMO !== 'false';
  },
  get port() {
    return Number(process.env.PORT) || 3000;
  },
};

/** Files the server reads at run time, relative to the project root. */
export const projectPath = (...parts: string[]) => path.join(/*turbopackIgnore: true*/ process.cwd(), ...parts);
