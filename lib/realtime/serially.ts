import { log } from '../log';

/**
 * A queue of one: each task starts when the previous one ended, so a socket's watches cannot
 * interleave a join with a leave. A task that fails is logged and does not stop the queue.
 */
export function serially(): (task: () => Promise<unknown>) => void {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    tail = tail.then(task).catch((error: Error) => log.warn({ err: error.message }, 'a socket task failed'));
  };
}
