import { chosenZoom, clampZoom } from "@core/gantt/zoom";
import { useCallback, useState } from "react";
import { readStoredString, STORAGE_KEYS, writeStoredString } from "@/lib/storage-keys";

/**
 * The zoom the user chose, kept in localStorage under gantt_zoom_level, or null before they choose
 * one (or when the stored value is outside 10..100, which is ignored): the chart then opens at the
 * zoom that fits the plan.
 */
export function useGanttZoom(): [number | null, (zoom: number) => void] {
  const [zoom, setZoomState] = useState(() => chosenZoom(readStoredString(STORAGE_KEYS.ganttZoomLevel)));
  const setZoom = useCallback((next: number) => {
    const value = clampZoom(next);
    setZoomState(value);
    writeStoredString(STORAGE_KEYS.ganttZoomLevel, String(value));
  }, []);
  return [zoom, setZoom];
}
