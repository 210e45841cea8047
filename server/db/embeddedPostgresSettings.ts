/**
 * The settings the portal gives its embedded cluster, rewritten on every start (`portal.conf`, included from
 * postgresql.conf). Crash safety stays PostgreSQL's default: fsync, synchronous_commit and full_page_writes on.
 */
export function clusterSettings(socketDir: string, overrides: ClusterSettingOverrides = {}): string {
  const settings: Record<string, string | number> = {
    // No TCP port: instances and test runs on one machine never collide; the socket is reached by its folder.
    listen_addresses: "''",
    port: 5432,
    unix_socket_directories: quoted(socketDir),
    unix_socket_permissions: '0700',
    // Pools of a few instances on one cluster (DATABASE_POOL_SIZE, 10 by default, and one LISTEN connection each), a bench runner, psql.
    max_connections: 80,
    // A small machine: the demo's data fits many times over; the operating system caches the rest.
    shared_buffers: "'64MB'",
    timezone: "'UTC'",
    log_timezone: "'UTC'",
    // A week of logs in the cluster folder, each day's file overwritten a week later.
    logging_collector: 'on',
    log_directory: "'log'",
    log_filename: "'postgresql-%a.log'",
    log_truncate_on_rotation: 'on',
    log_rotation_age: "'1d'",
    log_rotation_size: 0,
    ...overrides,
  };
  return Object.entries(settings)
    .map(([name, value]) => `${name} = ${value}\n`)
    .join('');
}

/** Settings a caller puts over the portal's own (the test run's cluster trades durability for speed). */
export type ClusterSettingOverrides = Record<string, string | number>;

function quoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
