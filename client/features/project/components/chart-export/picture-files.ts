// Pictures as files: an SVG document saved as it is, or drawn onto a canvas and saved as a PNG.
import { pictureScale } from "./print-tiling";

/** Saves `blob` under `fileName` through a link the browser downloads. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has had time to start.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const svgBlob = (svg: string) => new Blob([svg], { type: "image/svg+xml;charset=utf-8" });

export type PngPicture = { blob: Blob; width: number; height: number; reduced: boolean };

/**
 * The SVG document (`width` by `height` CSS pixels) drawn as a PNG at twice its size, or smaller
 * when a canvas cannot hold that (`reduced`): the browser reads the SVG as an image and a canvas
 * draws it once.
 */
export async function svgToPng(svg: string, width: number, height: number): Promise<PngPicture> {
  const { scale, reduced } = pictureScale(width, height);
  const pixelWidth = Math.max(1, Math.floor(width * scale));
  const pixelHeight = Math.max(1, Math.floor(height * scale));
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.width = pixelWidth;
    image.height = pixelHeight;
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw the picture.");
    context.drawImage(image, 0, 0, pixelWidth, pixelHeight);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    // Give the canvas's memory back at once: a big picture holds hundreds of megabytes.
    canvas.width = 0;
    canvas.height = 0;
    if (!blob) throw new Error("The picture is too large for this browser to save.");
    return { blob, width: pixelWidth, height: pixelHeight, reduced };
  } finally {
    URL.revokeObjectURL(url);
  }
}
