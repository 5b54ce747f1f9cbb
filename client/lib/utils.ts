import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes win over earlier ones: cn("p-2", "p-4") -> "p-4". */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
