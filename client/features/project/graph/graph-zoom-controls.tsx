import { Panel, useReactFlow, useStore } from "@xyflow/react";
import { Scan, ZoomIn, ZoomOut } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import { GRAPH_ENGINE } from "./graph-engine";

const ZOOM_DURATION = 200;
/** Only the rounded percentage is read, so panning does not render this panel again. */
const zoomPercent = (state: { transform: [number, number, number] }) => Math.round(state.transform[2] * 100);

/**
 * Zoom out, the zoom percentage, zoom in and fit; for viewers too. `onChosen` hears which: a zoom
 * the user chose ("zoom"), or a fit, after which the view follows the plan again ("fit").
 */
export function ZoomControls({ onChosen }: { onChosen?: (choice: "zoom" | "fit") => void }) {
  const { zoomIn, zoomOut, fitView } = useReactFlow();
  const percent = useStore(zoomPercent);
  return (
    <Panel
      position="bottom-left"
      className="flex items-center gap-0.5 rounded-md border bg-card p-0.5 shadow-sm"
      aria-label="Zoom"
    >
      <IconButton
        label="Zoom out"
        tooltipSide="top"
        size="icon-sm"
        disabled={percent <= GRAPH_ENGINE.minZoom * 100}
        onClick={() => {
          onChosen?.("zoom");
          void zoomOut({ duration: ZOOM_DURATION });
        }}
      >
        <ZoomOut aria-hidden />
      </IconButton>
      <output aria-label="Zoom level" className="w-12 text-center text-xs font-medium tabular-nums">
        {percent}%
      </output>
      <IconButton
        label="Zoom in"
        tooltipSide="top"
        size="icon-sm"
        disabled={percent >= GRAPH_ENGINE.maxZoom * 100}
        onClick={() => {
          onChosen?.("zoom");
          void zoomIn({ duration: ZOOM_DURATION });
        }}
      >
        <ZoomIn aria-hidden />
      </IconButton>
      <IconButton
        label="Fit view"
        tooltipSide="top"
        size="icon-sm"
        onClick={() => {
          onChosen?.("fit");
          void fitView({ ...GRAPH_ENGINE.fitViewOptions, duration: ZOOM_DURATION });
        }}
      >
        <Scan aria-hidden />
      </IconButton>
    </Panel>
  );
}
