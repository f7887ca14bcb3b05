// Tokens per serial in a JSON file of mode 0600 (docs/design.md "Secrets"), created with that mode.
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** The token store under the home folder of the moment (a warm CLI process runs each command with its own HOME). */
export const defaultTokenStore = () => path.join(homedir(), '.config', 'energy-conform', 'tokens.json');

export interface StoredToken {
  token: string;
  name: string;
  savedAt: string;
}

type Store = Record<string, StoredToken>;

async function load(file: string): Promise<Store> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Store;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

export async function readToken(file: string, serial: string): Promise<StoredToken | undefined> {
  return (await load(file))[serial.toLowerCase()];
}

export async function writeToken(file: string, serial: string, entry: StoredToken | undefined): Promise<void> {
  const store = await load(file);
  if (entry) store[serial.toLowerCase()] = entry;
  else delete store[serial.toLowerCase()];
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(store, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}
