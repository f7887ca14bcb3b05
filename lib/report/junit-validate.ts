// For tests: validates a junit.xml against fixtures/schemas/junit-10.xsd (xmllint, as WebAssembly).
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

const XSD = new URL('../../fixtures/schemas/junit-10.xsd', import.meta.url);

export async function junitSchemaErrors(xml: string): Promise<string[]> {
  const schema = await readFile(XSD, 'utf8');
  const r = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [schema] });
  return r.errors.map((e) => e.message);
}
