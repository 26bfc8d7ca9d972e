import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { stopWhenAsked } from './stop-when-asked.ts';

function processUnderTest() {
  const signals = new EventEmitter();
  const worker = Object.assign(new EventEmitter(), { exitedAfterDisconnect: false });
  const close = vi.fn(() => Promise.resolve());
  const exit = vi.fn<(code: number) => void>();
  const log = vi.fn<(line: string) => void>();
  stopWhenAsked({ close, signals, worker, exit, log });
  return { signals, worker, close, exit, log };
}

const channelError = (code: string) => Object.assign(new Error(`write ${code}`), { code });

describe('stopWhenAsked', () => {
  it('closes the server once and exits 0 on SIGTERM, however many signals arrive', async () => {
    const { signals, close, exit } = processUnderTest();
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('takes a failed write to the stopped primary as the end, not a crash, while stopping', async () => {
    const { signals, worker, close, exit, log } = processUnderTest();
    signals.emit('SIGTERM');
    // Without a listener, an 'error' event throws: the worker died with a stack trace.
    expect(() => worker.emit('error', channelError('EPIPE'))).not.toThrow();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(close).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('stops a worker whose primary is gone without a signal, and says why', async () => {
    const { worker, exit, log } = processUnderTest();
    worker.emit('error', channelError('ERR_IPC_CHANNEL_CLOSED'));
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(log).toHaveBeenCalledWith('the primary process is gone; stopping this worker');
  });

  it('says nothing when the primary disconnected this worker to stop it, before its own signal came', async () => {
    const { worker, exit, log } = processUnderTest();
    worker.exitedAfterDisconnect = true;
    worker.emit('error', channelError('EPIPE'));
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(log).not.toHaveBeenCalled();
  });

  it('exits 1, saying why, when closing the server fails', async () => {
    const signals = new EventEmitter();
    const exit = vi.fn<(code: number) => void>();
    const log = vi.fn<(line: string) => void>();
    stopWhenAsked({ close: () => Promise.reject(new Error('socket stuck')), signals, exit, log });
    signals.emit('SIGINT');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(log).toHaveBeenCalledWith('closing failed: Error: socket stuck');
  });

  it('lets any other error of the worker through', () => {
    const { worker, exit } = processUnderTest();
    expect(() => worker.emit('error', new Error('something else'))).toThrow('something else');
    expect(exit).not.toHaveBeenCalled();
  });
});
