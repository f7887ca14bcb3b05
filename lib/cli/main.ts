// The command line's process: only this file exits it.
import { hideBin } from 'yargs/helpers';
import { runProgram } from './program.js';

const code = await runProgram(hideBin(process.argv), process.env);
if (code !== undefined) process.exitCode = code;
