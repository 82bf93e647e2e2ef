/** Port: whether the company currently has the internal events switched on (D10). */
export abstract class EventSwitch {
  abstract eventsEnabled(): Promise<boolean>;
}
