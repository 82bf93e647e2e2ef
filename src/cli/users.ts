import '../common/config/env-file';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions } from '@app/erp-db';
import { loadAppConfigOrExit } from '../common/config/app-config';
import { erpDbSettings } from '../database/erp-db-settings';
import { TypeOrmApiTokensRepository } from '../auth/adapters/typeorm/typeorm-api-tokens.repository';
import { TypeOrmApiUsersRepository } from '../auth/adapters/typeorm/typeorm-api-users.repository';
import { closeSqliteConnection } from '../database/sqlite-connection';
import { batchWriterFor } from '../database/batch-writer.module';
import { ListedUser, UserAdminError, UserAdminService } from '../auth/user-admin.service';

const USAGE = `Usage: npm run users -- <command>
  add <name> --role shop --webshop X | --integration [--usage Y]
                                                           create a user (password from stdin or prompted):
                                                           --webshop: sees that web shop's customers only;
                                                           --integration: sees every web shop's (an ERP sync)
  add <name> --role admin [--usage Y]                      create an administrator (sees every web shop)
  list [--json]                                            list the users
  disable <name> | enable <name>                           lock a user out (its tokens stop working) or let it back in
  passwd <name>                                            set a new password (from stdin or prompted)
  revoke-tokens <name>                                     make every token of the user invalid
The database is the service's: DB_TYPE, DB_PATH, DATABASE_URL (also from .env).
Passwords are never taken from the command line; pipe them in: printf '%s\\n' "$PW" | npm run users -- add ...`;

const COMMANDS = ['add', 'list', 'disable', 'enable', 'passwd', 'revoke-tokens'];

class UsageError extends Error {}

/** Reads a line from stdin, or prompts without echo when stdin is a terminal. */
async function readPassword(name: string, confirm: boolean): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
    if (!line) throw new UserAdminError('No password on stdin.');
    return line;
  }
  const password = await promptHidden(`Password for ${name}: `);
  if (confirm && (await promptHidden('Repeat the password: ')) !== password)
    throw new UserAdminError('The passwords differ.');
  return password;
}

function promptHidden(question: string): Promise<string> {
  return new Promise((done, fail) => {
    const stdin = process.stdin;
    let typed = '';
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      process.stderr.write('\n');
      if (error) fail(error);
      else done(typed);
    };
    const onData = (chars: string) => {
      for (const c of chars) {
        if (c === '\r' || c === '\n') return finish();
        if (c === '\u0003') return finish(new UserAdminError('Cancelled.'));
        if (c === '\u007f' || c === '\b') typed = typed.slice(0, -1);
        else typed += c;
      }
    };
    stdin.on('data', onData);
  });
}

function printUsers(users: ListedUser[], json: boolean): void {
  if (json) {
    console.log(JSON.stringify(users, null, 2));
    return;
  }
  const rows = [
    ['NAME', 'ROLE', 'WEBSHOP', 'USAGE', 'STATUS'],
    ...users.map((u) => [
      u.name,
      u.role,
      u.webshop ?? '-',
      u.usage ?? '-',
      u.disabled ? 'disabled' : 'active',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows)
    console.log(
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}

async function openDatabase(): Promise<DataSource> {
  const settings = erpDbSettings(loadAppConfigOrExit());
  if (settings.type === 'sqlite' && !existsSync(settings.path))
    throw new UserAdminError(
      `No database at ${settings.path}: start the service once (npm start) or run npm run migration:run.`,
    );
  return new DataSource(erpDataSourceOptions({ ...settings, poolSize: 2 })).initialize();
}

/**
 * A shop user without a web shop sees the customers of every web shop: that has to be asked for
 * (--integration), never be what a forgotten --webshop gives.
 */
function checkScopeOptions(values: { role?: string; webshop?: string; integration?: boolean }): void {
  if (!values.role) throw new UsageError('add needs --role shop|admin.');
  if (values.webshop !== undefined && values.integration)
    throw new UsageError(
      '--webshop and --integration exclude each other: a user belongs to one web shop or sees all.',
    );
  if (values.role === 'admin' && values.integration)
    throw new UsageError('--integration is for role shop: an admin sees every web shop anyway.');
  if (values.role === 'shop' && values.webshop === undefined && !values.integration)
    throw new UsageError(
      "add --role shop needs --webshop <value> (the user sees that web shop's customers, orders and " +
        "addresses only) or --integration (an integration such as an ERP sync that sees every web shop's).",
    );
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      webshop: { type: 'string' },
      integration: { type: 'boolean' },
      usage: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, name, ...extra] = positionals;
  if (values.help || !command) throw new UsageError('');
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command ${command}.`);
  const needsName = command !== 'list';
  if ((needsName && !name) || extra.length > 0 || (!needsName && name))
    throw new UsageError(`Wrong arguments for ${command}.`);
  if (command !== 'add' && (values.role || values.webshop || values.usage || values.integration))
    throw new UsageError(`--role, --webshop, --integration and --usage belong to add.`);
  if (command === 'add') checkScopeOptions(values);

  const password = ['add', 'passwd'].includes(command) ? await readPassword(name, true) : '';
  const ds = await openDatabase();
  try {
    const writes = batchWriterFor(ds);
    const admin = new UserAdminService(
      new TypeOrmApiUsersRepository(ds, writes),
      new TypeOrmApiTokensRepository(ds, writes),
    );
    switch (command) {
      case 'add': {
        const user = await admin.add(
          { name, role: values.role ?? '', webshop: values.webshop, usage: values.usage },
          password,
        );
        const scope =
          user.webshop !== null
            ? `, web shop ${user.webshop}`
            : values.integration
              ? ', integration: every web shop'
              : '';
        console.log(`Created user ${user.name} (role ${user.role}${scope}).`);
        break;
      }
      case 'list':
        printUsers(await admin.list(), values.json ?? false);
        break;
      case 'disable':
      case 'enable':
        await admin.setDisabled(name, command === 'disable');
        console.log(`User ${name} is ${command}d.`);
        break;
      case 'passwd':
        console.log(
          `Password of ${name} changed; ${await admin.changePassword(name, password)} token(s) of it revoked.`,
        );
        break;
      case 'revoke-tokens':
        console.log(`Revoked ${await admin.revokeTokens(name)} token(s) of ${name}.`);
        break;
    }
  } finally {
    // The batch writer writes SQLite through a connection of its own.
    if (ds.options.type === 'better-sqlite3') closeSqliteConnection(ds);
    await ds.destroy();
  }
}

async function main(): Promise<void> {
  try {
    await run(process.argv.slice(2));
  } catch (e) {
    const parseError = String((e as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    if (e instanceof UsageError || parseError) {
      if ((e as Error).message) console.error((e as Error).message);
      console.error(USAGE);
      process.exitCode = 2;
    } else {
      console.error(e instanceof Error ? e.message : e);
      process.exitCode = 1;
    }
  }
}

void main();
