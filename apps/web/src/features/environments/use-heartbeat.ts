import { heartbeat, heartbeatIntervalMs } from '@kontor/contract/api/environments';
import type { DataOf } from '@kontor/contract/call';
import { useEffect, useRef } from 'react';
import { api } from '../../api/api';

export type Beat = DataOf<typeof heartbeat>;

/**
 * Spec 01 §7 heartbeat: one call at start, then every 15 s while mounted. A beat still under way
 * is not doubled; answers arriving after unmount are dropped.
 */
export const useHeartbeat = (
  envKey: string,
  enabled: boolean,
  onBeat: (beat: Beat) => void,
  onError: (error: unknown) => void = () => {},
): void => {
  const handlers = useRef({ onBeat, onError });
  handlers.current = { onBeat, onError };

  useEffect(() => {
    if (!enabled) return;
    const initDate = new Date().toISOString();
    const controller = new AbortController();
    let running = false;
    const beat = async () => {
      if (running) return;
      running = true;
      try {
        const answer = await api.call(heartbeat, { _env: envKey, init_date: initDate }, { signal: controller.signal });
        if (!controller.signal.aborted) handlers.current.onBeat(answer);
      } catch (error) {
        if (!controller.signal.aborted) handlers.current.onError(error);
      } finally {
        running = false;
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), heartbeatIntervalMs);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [envKey, enabled]);
};
