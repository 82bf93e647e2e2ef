import { spawn } from 'node:child_process';
import { startService } from './service';

/**
 * Runs a shell command while one demo service runs, with ERP_OPENAPI_URL and ERP_BASE_URL set to
 * it, so that generating the types and the tests share one start; exits with the command's code.
 */
async function main(): Promise<void> {
  const command = process.argv.slice(2).join(' ');
  const service = await startService();
  let code = 1;
  try {
    code = await new Promise<number>((done, fail) => {
      const child = spawn(command, {
        shell: true,
        stdio: 'inherit',
        env: { ...process.env, ERP_OPENAPI_URL: service.base, ERP_BASE_URL: service.base },
      });
      child.on('error', fail);
      child.on('exit', (status) => done(status ?? 1));
    });
  } finally {
    await service.stop();
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
