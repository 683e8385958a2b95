export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 p-4 text-sm text-slate-500 dark:text-slate-400">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      {label}
    </div>
  );
}
