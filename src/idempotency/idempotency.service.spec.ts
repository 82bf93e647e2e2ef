import { AppConfig } from '../common/config/app-config';
import { IdempotencyService } from './idempotency.service';
import { IdempotencyStore } from './ports/idempotency-store';

describe('IdempotencyService.abandon', () => {
  afterEach(() => jest.useRealTimers());

  it('gives a key back once the database returns, when it was away as the request failed', async () => {
    jest.useFakeTimers();
    const release = jest
      .fn<Promise<void>, [string, string]>()
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'))
      .mockRejectedValueOnce(new Error('database "erp" is not currently accepting connections'))
      .mockResolvedValue(undefined);
    const store = { release } as unknown as IdempotencyStore;
    const service = new IdempotencyService(store, {} as AppConfig);

    await service.abandon({ kind: 'proceed', userName: 'shop', key: 'k-1' });
    expect(release).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(release).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(release).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(release).toHaveBeenCalledTimes(3);
    expect(release).toHaveBeenLastCalledWith('shop', 'k-1');
  });
});
