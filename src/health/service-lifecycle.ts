import { Injectable } from '@nestjs/common';

/** Whether the process is shutting down: /ready then answers 503 so that balancers stop sending. */
@Injectable()
export class ServiceLifecycle {
  private stopping = false;

  get shuttingDown(): boolean {
    return this.stopping;
  }

  beginShutdown(): void {
    this.stopping = true;
  }
}
