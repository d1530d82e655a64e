import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { joinBridge, leaveBridge, type Machine, type NetworkLayout } from '@wenrun/deploy/ops/hosts/network';

/** Visitors on the bridge of the several-hosts form, each an address of its own, in a namespace of their own (README.md). */
export interface BridgeVisitors {
  /** A connection to `host:port` from `from` (one of the addresses given), through the relay: write the request to it. */
  connect(from: string, host: string, port: number): net.Socket;
  /** Stops the relay, then takes the namespace off the bridge. */
  close(): Promise<void>;
}

/** The visitors' machine of a layout: the layout's own names, so a killed run's are found and named as the hosts' are. */
const visitorsOf = (layout: NetworkLayout, address: string): Machine => ({ netns: `${layout.prefix}-visitors`, link: `${layout.prefix}-visv`, address });

const RELAY = path.join(__dirname, 'relay.ts');

/** The relay started in `netns` (or here, with none), listening on `socketPath` once it says so. */
export async function startRelay(socketPath: string, netns?: string): Promise<ChildProcess> {
  // Node with tsx's loader, not tsx's command, which SIGKILLs a child that does not confirm SIGTERM within 30 ms.
  const relay = [process.execPath, '--import', 'tsx', RELAY, socketPath];
  const command = netns ? ['ip', 'netns', 'exec', netns, ...relay] : relay;
  const child = spawn(command[0] ?? '', command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`访客中继没有启动（退出码 ${code}）`)));
  });
  return child;
}

/** A socket through the relay at `socketPath`: its first line names the connection, the rest is the caller's. */
export function throughRelay(socketPath: string, from: string, host: string, port: number): net.Socket {
  const socket = net.connect(socketPath);
  socket.write(`${from} ${host} ${port}\n`);
  return socket;
}

/**
 * A namespace on `layout`'s bridge holding `addresses` (all in its subnet: the first is its own, the others added to
 * it), and the relay in it. The root namespace's addresses are left as they are, so a browser running beside sees
 * no change of its network.
 */
export async function openVisitors(layout: NetworkLayout, addresses: readonly string[]): Promise<BridgeVisitors> {
  const [first, ...others] = addresses;
  if (!first) throw new Error('没有访客地址');
  const machine = visitorsOf(layout, first);
  joinBridge(layout, machine);
  // Named as the layout's machines are: a relay a killed run left running is among the layout's leftovers (network.ts).
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${machine.netns}-`));
  const socketPath = path.join(folder, 'relay.sock');
  let relay: ChildProcess | undefined;
  try {
    const batch = others.map((address) => `addr add ${address}/32 dev eth0`).join('\n');
    const added = spawnSync('ip', ['-n', machine.netns, '-batch', '-'], { input: `${batch}\n`, encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`访客地址添加失败：${added.stderr.trim()}`);
    relay = await startRelay(socketPath, machine.netns);
  } catch (error) {
    leaveBridge(layout, machine);
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const running = relay;
  return {
    connect: (from, host, port) => throughRelay(socketPath, from, host, port),
    close: async () => {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill();
      if (running.exitCode === null && running.signalCode === null) await exited;
      leaveBridge(layout, machine);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
