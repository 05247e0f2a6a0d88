import { Filter } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { plural } from "./format";
import { SORTS, STATUS_FILTERS, type StatusFilter } from "./meeting-list-filters";
import type { MeetingSort } from "./meetings-api";

/** Search box, status filter, count and sort above the meetings list. */
export function MeetingListToolbar({
  search,
  onSearch,
  status,
  onStatus,
  sort,
  onSort,
  count,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  sort: MeetingSort;
  onSort: (value: MeetingSort) => void;
  count: number;
}) {
  const statusLabel = STATUS_FILTERS.find((f) => f.value === status)?.label ?? "All";
  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        <SearchInput
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search meetings..."
          aria-label="Search meetings"
        />
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="icon"
              aria-label={`Filter by status: ${statusLabel}`}
              className={cn("relative", status !== "all" && "border-primary text-primary")}
            >
              <Filter aria-hidden="true" />
              {status !== "all" ? <span className="absolute right-1.5 top-1.5 size-2 rounded-full bg-primary" aria-hidden="true" /> : null}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Status</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuRadioGroup value={status} onValueChange={(v) => onStatus(v as StatusFilter)}>
              {STATUS_FILTERS.map((f) => (
                <DropdownMenuRadioItem key={f.value} value={f.value}>
                  {f.label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {plural(count, "meeting")}
          {status !== "all" ? ` · ${statusLabel}` : ""}
        </p>
        <Select value={sort} onValueChange={(v) => onSort(v as MeetingSort)}>
          <SelectTrigger size="sm" aria-label="Sort meetings" className="w-[150px]">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SORTS.map((s) => (
              <SelectItem key={s.value} value={s.value}>
                {s.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
