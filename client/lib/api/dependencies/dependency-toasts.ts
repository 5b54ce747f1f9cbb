/** The failure toasts of dependency writes (spec section 8). */
export const DEPENDENCY_FAILURE_TITLES = {
  create: "Failed to create dependency",
  delete: "Failed to delete dependency",
} as const;
