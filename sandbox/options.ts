export interface SandboxOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  dataDir: string;
  /** Opening wallet balance of the default account, in USD (only when the account is first created). */
  walletUsd: number;
  /** How long a job takes from acceptance to completion, in seconds. */
  jobSeconds: number;
}

export const DEFAULT_OPTIONS: Omit<SandboxOptions, 'dataDir'> = {
  port: 0,
  host: '127.0.0.1',
  walletUsd: 100,
  jobSeconds: 2,
};
