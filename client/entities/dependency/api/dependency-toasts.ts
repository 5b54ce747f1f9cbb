/** The failure toasts of dependency writes. */
export const DEPENDENCY_FAILURE_TITLES = {
  create: "Failed to create dependency",
  delete: "Failed to delete dependency",
  update: "Failed to update dependency",
} as const;
