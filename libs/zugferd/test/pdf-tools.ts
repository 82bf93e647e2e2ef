import { execFileSync, spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * Independent checkers (qpdf, poppler's pdfdetach). A missing tool makes the test fail, never skip:
 * CI installs both, and a green run without them would prove nothing.
 */
export class PdfTools {
  private readonly directory = mkdtempSync(join(tmpdir(), 'zugferd-test-'));
  private counter = 0;

  store(pdf: Uint8Array): string {
    const path = join(this.directory, `file-${++this.counter}.pdf`);
    writeFileSync(path, pdf);
    return path;
  }

  /** `qpdf --check`: exit status 0 means no errors; 3 would be warnings only, which is also a failure here. */
  qpdfCheck(path: string): { ok: boolean; output: string } {
    const result = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
    if (result.error) throw new Error(`qpdf is not installed (${result.error.message})`);
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  }

  /**
   * The file rewritten by qpdf with these options (`--qdf`, `--object-streams=...`, ...). Exit 3
   * (warnings about a damaged source, which qpdf repairs) still writes the file.
   */
  qpdfRewrite(path: string, options: string[]): string {
    const target = join(this.directory, `rewritten-${++this.counter}.pdf`);
    const result = spawnSync('qpdf', [...options, path, target], { encoding: 'utf8' });
    if (result.error) throw new Error(`qpdf is not installed (${result.error.message})`);
    if (result.status !== 0 && result.status !== 3) throw new Error(`qpdf failed: ${result.stderr}`);
    return target;
  }

  /** Names of the embedded files as poppler's `pdfdetach -list` prints them. */
  attachmentNames(path: string): string[] {
    const output = this.run('pdfdetach', ['-list', path]);
    return output
      .split('\n')
      .map((line) => /^\d+: (.*)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
  }

  /** The bytes of the attachment with this name, saved by `pdfdetach -savefile`. */
  attachment(path: string, name: string): Buffer {
    const target = join(this.directory, `attachment-${++this.counter}`);
    this.run('pdfdetach', ['-savefile', name, '-o', target, path]);
    return readFileSync(target);
  }

  remove(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }

  private run(tool: string, args: string[]): string {
    try {
      return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new Error(`${tool} is not installed (apt-get install poppler-utils qpdf)`);
      throw error;
    }
  }
}
