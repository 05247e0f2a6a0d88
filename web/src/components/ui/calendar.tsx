import type * as React from "react";
import { DayPicker, getDefaultClassNames } from "react-day-picker";
import { ChevronDown, ChevronLeft, ChevronRight } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A date picker grid on react-day-picker 9, styled with the design tokens.
 * Import it only from lazily loaded pages: react-day-picker and date-fns stay out of the
 * landing bundle (they live in the `calendar` chunk).
 */
export function Calendar({ className, classNames, showOutsideDays = true, components, ...props }: React.ComponentProps<typeof DayPicker>) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn("w-fit bg-popover p-3 [--cell-size:2.25rem]", className)}
      classNames={{
        root: cn("w-fit", d.root),
        months: cn("relative flex flex-col gap-4 sm:flex-row", d.months),
        month: cn("flex w-full flex-col gap-4", d.month),
        nav: cn("absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1", d.nav),
        button_previous: cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "size-(--cell-size) p-0 aria-disabled:opacity-50",
          d.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "size-(--cell-size) p-0 aria-disabled:opacity-50",
          d.button_next,
        ),
        month_caption: cn("flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)", d.month_caption),
        caption_label: cn("select-none text-sm font-medium", d.caption_label),
        dropdowns: cn("flex h-(--cell-size) items-center justify-center gap-1.5 text-sm font-medium", d.dropdowns),
        month_grid: cn("w-full border-collapse", d.month_grid),
        weekdays: cn("flex", d.weekdays),
        weekday: cn("flex-1 select-none rounded-md text-[0.8rem] font-normal text-muted-foreground", d.weekday),
        week: cn("mt-2 flex w-full", d.week),
        day: cn("group/day relative aspect-square h-full w-full select-none p-0 text-center", d.day),
        day_button: cn(
          "inline-flex size-(--cell-size) items-center justify-center rounded-md text-sm font-normal transition-colors hover:bg-accent hover:text-accent-foreground",
          "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background",
          "group-data-[selected=true]/day:bg-primary group-data-[selected=true]/day:text-primary-foreground",
          d.day_button,
        ),
        selected: cn("rounded-md", d.selected),
        today: cn("rounded-md bg-accent text-accent-foreground", d.today),
        outside: cn("text-muted-foreground", d.outside),
        disabled: cn("text-muted-foreground opacity-50", d.disabled),
        hidden: cn("invisible", d.hidden),
        range_start: cn("rounded-l-md bg-accent", d.range_start),
        range_middle: cn("rounded-none", d.range_middle),
        range_end: cn("rounded-r-md bg-accent", d.range_end),
        ...classNames,
      }}
      components={{
        Chevron: ({ className: chevronClass, orientation, ...chevronProps }) => {
          const Icon = orientation === "left" ? ChevronLeft : orientation === "right" ? ChevronRight : ChevronDown;
          return <Icon className={cn("size-4", chevronClass)} aria-hidden="true" {...chevronProps} />;
        },
        ...components,
      }}
      {...props}
    />
  );
}
