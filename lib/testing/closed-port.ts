// A port on 127.0.0.1 that nothing listens on, and that nothing in the tests will bind while a test uses it: one
// below the emulators' range (20000-32767, emulator/own-ports.ts) and below the kernel's ephemeral range (from 32768),
// from which every `listen(0)` of the tests takes its port. A port picked by listen(0) and closed again is soon given
// to the next server that asks: the run that met it read another test's 404 for a device's.
import net from 'node:net';

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

export async function closedPort(): Promise<number> {
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * 10_000);
    if (await refuses(port)) return port;
  }
}
