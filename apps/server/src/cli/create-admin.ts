import { englishOf, issueMessage } from '@annadaan/contract/message-codes';
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { PasswordSchema } from '@annadaan/contract/auth';
import { EmailSchema, normalizeIndianMobile, requiredText } from '@annadaan/contract/common';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/http-errors';
import { createAdmin } from '../modules/auth/auth-service';
import { passwordProblem } from '../modules/auth/password-policy';

const USAGE = 'Usage: npm run create-admin -- --email admin@example.in --name "Full Name" [--phone 98XXXXXXXX] [--location "City"]';

/**
 * `npm run create-admin`: creates an ADMIN account. On a terminal it asks for the password
 * (hidden); otherwise, or when the answer is empty, it generates a strong one and prints it once.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' }, location: { type: 'string' } },
    strict: true,
  });
  const email = EmailSchema.safeParse(values.email);
  const fullName = requiredText('NAME', 100).safeParse(values.name);
  if (!email.success || !fullName.success) {
    console.error(email.success ? 'Give the admin a name with --name.' : 'Give a valid email address with --email.');
    console.error(USAGE);
    return 2;
  }
  const contactNumber = values.phone ? normalizeIndianMobile(values.phone) : '';
  if (contactNumber === null) {
    console.error('--phone must be a 10-digit Indian mobile number.');
    return 2;
  }
  const person = { email: email.data, contactNumber };

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'sqlite', file: config.sqlitePath });
  try {
    await migrateToLatest(database);

    let password = process.stdin.isTTY ? await askForPassword(person) : '';
    const generated = password === '';
    if (generated) password = await generatePassword(person);

    const id = await createAdmin(
      { db: database.db, now: systemClock.now() },
      { ...person, fullName: fullName.data, password, location: values.location?.trim() ?? '' },
    );
    console.log(`Created ADMIN ${person.email} (id ${id}).`);
    if (generated) console.log(`Password (shown only this once; store it now): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** 144 random bits, base64url: strong and safe to paste. */
async function generatePassword(person: { email: string; contactNumber: string }): Promise<string> {
  for (;;) {
    const candidate = crypto.randomBytes(18).toString('base64url');
    if (!(await passwordProblem(candidate, person))) return candidate;
  }
}

async function askForPassword(person: { email: string; contactNumber: string }): Promise<string> {
  for (;;) {
    const first = await promptHidden('Password for the new admin (leave empty to generate one): ');
    if (first === '') return '';
    const issue = PasswordSchema.safeParse(first).error?.issues[0]?.message;
    const problem = issue === undefined ? await passwordProblem(first, person) : null;
    const shown = issue !== undefined ? issueMessage(issue).english : problem && englishOf(problem);
    if (shown) {
      console.error(shown);
      continue;
    }
    if ((await promptHidden('Repeat the password: ')) === first) return first;
    console.error('The two passwords differ. Try again.');
  }
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
