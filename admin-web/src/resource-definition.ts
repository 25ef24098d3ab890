import type { ComponentType } from 'react';

/**
 * What one console resource folder exports from its index.ts (CONVENTIONS habit 9: a resource is a folder). `name` is
 * the path under `/admin/api/` and the react-admin resource name; `flags` are the permission bits it needs (the
 * ADMIN_RESOURCES value for resources of that table), which `authProvider.canAccess` and the menu read.
 */
export interface ConsoleResource {
  name: string;
  /** The menu label. */
  label: string;
  flags: number;
  icon: ComponentType;
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** The field react-admin shows as a record's title (references, breadcrumbs). */
  recordRepresentation?: string;
  /**
   * What the console says after react-admin's own create, save and delete of this resource (i18n-provider.ts), in
   * the product's words rather than react-admin's "Element created".
   */
  notifications?: { created?: string; updated?: string; deleted?: string };
}
