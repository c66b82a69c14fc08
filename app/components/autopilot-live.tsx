import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps an auto-pilot page (the scheduler, a day's page) current without a reload: each `change` the server
 * pushes (app/modules/autopilot/stream.server.ts) makes the page read its loader again. Without JavaScript the
 * page shows the states as they were when it loaded.
 */
/** `since`: the loader's timeline version (stream.server.ts timelineVersion). */
export function useAutopilotLive(since: string) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const source = new EventSource(`/dashboard/autopilot/events?since=${encodeURIComponent(since)}`);
    const onChange = () => void revalidate.current();
    source.addEventListener("change", onChange);
    return () => {
      source.removeEventListener("change", onChange);
      source.close();
    };
  }, [since]);
}
