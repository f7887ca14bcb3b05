// `energy-conform capture --out FILE`: the device at --host or found over mDNS, met as `soak` meets it (a stored
// token, or a press to get one), read (lib/capture), and written to one JSON file held to its schema and audited for
// tokens (and kept in a history with --history); exit 0, 2 where the device could not be read.
import { writeFile } from 'node:fs/promises';
import { Redactor } from '../client/redactor.js';
import { capture } from '../capture/capture.js';
import { anonymise } from '../capture/anonymise.js';
import { captureSchema } from '../capture/schema.js';
import { streamIo } from '../operator/operator-io.js';
import { auditSecrets } from '../report/secret-audit.js';
import { packageVersion } from '../runner/package-root.js';
import { interruptible } from './interrupt.js';
import type { CaptureArgs } from './options.js';
import { checkOptions, toRunConfig } from './run-command.js';
import { chooseDevices } from './device-choice.js';
import { historyFileOf, recordDocuments, storedCapture } from './history-hook.js';

export async function captureCommand(a: CaptureArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const caPem = await checkOptions(a);
  const io = streamIo(process.stderr, process.stdin.isTTY === true, process.stdin, 'normal');
  // Without --host, as `pair` finds it: over mDNS, one device (--serial, or a choice on a terminal); its TXT is captured too.
  const [discovered] = a.host ? [] : await chooseDevices({ ...a, all: false }, io, false);
  const device = toRunConfig(a, env, caPem, discovered);
  return interruptible(
    (sig) => `\nenergy-conform: ${sig}: stopping the capture (again to leave at once)\n`,
    async (signal) => {
      const redactor = new Redactor();
      const found = captureSchema.parse(
        await capture(
          { device, keepUser: a['keep-user'], tool: { name: 'energy-conform', version: packageVersion() }, mdns: discovered?.services ?? null },
          io,
          redactor,
          signal,
        ),
      );
      const anonymised = a.anonymise ? anonymise(found) : null;
      const doc = anonymised?.capture ?? found;
      await writeFile(a.out, `${JSON.stringify(doc, null, 1)}\n`);
      await auditSecrets([a.out], redactor);
      await recordDocuments(historyFileOf(a, env), [storedCapture(doc)], (l) => process.stdout.write(`${l}\n`));
      const asked = doc.answers.length;
      const refused = doc.answers.filter((x) => x.status === null).length;
      process.stdout.write(
        `captured the ${doc.device.kind} at ${device.host}${doc.device.firmware_version ? ` (firmware ${doc.device.firmware_version})` : ''}: ` +
          `${asked} answers${refused ? ` (${refused} without an answer)` : ''}${doc.websocket ? ', the WebSocket' : ''}${doc.certificate ? ', the certificate' : ''}${doc.mdns ? ', the mDNS TXT' : ''}: ${a.out}\n`,
      );
      if (anonymised) process.stdout.write(`anonymised: ${anonymised.replaced} identifying values (serial, Wi-Fi name, meter ids), each by one stand-in\n`);
      for (const l of doc.left) process.stdout.write(`not left as found: ${l}\n`);
      if (signal.aborted) return 2;
      return doc.left.length ? 1 : 0;
    },
  );
}
