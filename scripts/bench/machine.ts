// The machine a figure was measured on: it means nothing without it.
import fs from 'node:fs';
import os from 'node:os';

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGb: number;
  node: string;
  platform: string;
  date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAvg: number;
}

export function machineInfo(): Machine {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    // not Linux: os.cpus() is the best we have
  }
  return {
    nproc: os.availableParallelism(),
    cpu,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    date: new Date().toISOString(),
    loadAvg: Math.round(os.loadavg()[0] * 100) / 100,
  };
}
