export type StepListener = (step: string) => void;

/**
 * The processing steps of one Combine or Extract run. They become `subprocess_output` of the
 * error body and, with Verbose, lines of the service log, so a step never holds file contents.
 */
export class ProcessingLog {
  private readonly recorded: string[] = [];

  constructor(private readonly listener?: StepListener) {}

  step(text: string): void {
    this.recorded.push(text);
    this.listener?.(text);
  }

  get steps(): string[] {
    return [...this.recorded];
  }
}
