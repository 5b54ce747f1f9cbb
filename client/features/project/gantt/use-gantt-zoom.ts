import { clampZoom, parseStoredZoom } from "@core/gantt/zoom";
import { useCallback, useState } from "react";
import { readStoredString, STORAGE_KEYS, writeStoredString } from "@/lib/storage-keys";

/** The Gantt zoom, kept in localStorage under gantt_zoom_level; a stored value outside 10..100 is ignored. */
export function useGanttZoom(): [number, (zoom: number) => void] {
  const [zoom, setZoomState] = useState(() => parseStoredZoom(readStoredString(STORAGE_KEYS.ganttZoomLevel)));
  const setZoom = useCallback((next: number) => {
    const value = clampZoom(next);
    setZoomState(value);
    writeStoredString(STORAGE_KEYS.ganttZoomLevel, String(value));
  }, []);
  return [zoom, setZoom];
}
