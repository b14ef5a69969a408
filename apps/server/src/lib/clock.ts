/** Where the server reads the current time. Tests pass their own to move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
