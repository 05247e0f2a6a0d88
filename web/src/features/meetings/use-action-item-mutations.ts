// Action-item mutations with optimistic updates on the meeting's cached detail.
// Every change is shown at once, rolled back if the server refuses, and the meeting
// (and the list's pending counts) re-read afterwards. A delete offers Undo in its toast.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { myItemKeys, peopleKey } from "../action-items/action-items-api";
import { actionItemApi, meetingKeys, type ActionItem, type ActionItemInput, type MeetingDetail } from "./meetings-api";

type Patch = Partial<ActionItemInput> & { status?: ActionItem["status"] };

export function useActionItemMutations(meetingId: string) {
  const queryClient = useQueryClient();
  const key = meetingKeys.detail(meetingId);

  const setItems = (change: (items: ActionItem[]) => ActionItem[]) =>
    queryClient.setQueryData<MeetingDetail>(key, (old) => (old ? { ...old, actionItems: change(old.actionItems) } : old));

  const findItem = (id: string) => queryClient.getQueryData<MeetingDetail>(key)?.actionItems.find((i) => i.id === id);

  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
    // Owners follow assignees; "my action items" and the dashboard's counts follow both.
    void queryClient.invalidateQueries({ queryKey: peopleKey(meetingId) });
    void queryClient.invalidateQueries({ queryKey: myItemKeys.all });
  };

  /** Applies `patch` to one item now; returns what to put back on failure. */
  const applyPatch = async (id: string, patch: Patch) => {
    await queryClient.cancelQueries({ queryKey: key });
    const before = findItem(id);
    const previous: Patch = {};
    if (before) for (const field of Object.keys(patch) as (keyof Patch)[]) Object.assign(previous, { [field]: before[field] });
    setItems((items) => items.map((i) => (i.id === id ? { ...i, ...patch } : i)));
    return { id, previous };
  };

  const rollBack = (context: { id: string; previous: Patch } | undefined) => {
    if (context) setItems((items) => items.map((i) => (i.id === context.id ? { ...i, ...context.previous } : i)));
  };

  const toggle = useMutation({
    mutationFn: ({ id, status }: { id: string; status: ActionItem["status"] }) => actionItemApi.update(id, { status }),
    onMutate: ({ id, status }) => applyPatch(id, { status }),
    onError: (_error, _vars, context) => {
      rollBack(context);
      toast.error("Failed to update action item");
    },
    onSettled: settle,
  });

  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: ActionItemInput }) => actionItemApi.update(id, input),
    onMutate: ({ id, input }) => applyPatch(id, input),
    onSuccess: () => toast.success("Action item updated"),
    onError: (_error, _vars, context) => {
      rollBack(context);
      toast.error("Failed to update action item");
    },
    onSettled: settle,
  });

  const create = useMutation({
    mutationFn: (input: ActionItemInput) => actionItemApi.create(meetingId, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const tempId = `new-${Date.now()}`;
      const temp: ActionItem = {
        id: tempId,
        meetingId,
        ...input,
        status: "pending",
        sourceStart: null,
        createdAt: new Date().toISOString(),
        suggested: false,
      };
      setItems((items) => [...items, temp]);
      return { tempId };
    },
    onSuccess: (created, _input, context) => {
      setItems((items) => items.map((i) => (i.id === context?.tempId ? created : i)));
      toast.success("Action item added");
    },
    onError: (_error, _input, context) => {
      setItems((items) => items.filter((i) => i.id !== context?.tempId));
      toast.error("Failed to add action item");
    },
    onSettled: settle,
  });

  /** Deletes an item (a dismissed possible one too: regenerating does not suggest it again); Undo brings it back. */
  const useDeleteItem = (done: string, failed: string, restored: string) =>
    useMutation({
      mutationFn: (id: string) => actionItemApi.remove(id),
      onMutate: async (id) => {
        await queryClient.cancelQueries({ queryKey: key });
        const snapshot = queryClient.getQueryData<MeetingDetail>(key)?.actionItems;
        setItems((items) => items.filter((i) => i.id !== id));
        return { snapshot };
      },
      onSuccess: (_result, id) =>
        toast.success(done, {
          duration: 10_000,
          action: { label: "Undo", onClick: () => restore.mutate({ id, restored }) },
        }),
      onError: (_error, _id, context) => {
        if (context?.snapshot) setItems(() => context.snapshot!);
        toast.error(failed);
      },
      onSettled: settle,
    });
  const remove = useDeleteItem("Action item deleted", "Failed to delete action item", "Action item restored");
  // Undo brings a dismissed item back as a possible one, and says so.
  const dismiss = useDeleteItem(
    "Possible action item dismissed",
    "Failed to dismiss the possible action item",
    "Possible action item restored",
  );

  const restore = useMutation({
    mutationFn: ({ id }: { id: string; restored: string }) => actionItemApi.restore(id),
    onSuccess: (_result, { restored }) => toast.success(restored),
    onError: (error) => toast.error("Failed to restore action item", { description: error.message }),
    onSettled: settle,
  });

  /** A possible action item becomes an action item. */
  const accept = useMutation({
    mutationFn: (id: string) => actionItemApi.update(id, { suggested: false }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      setItems((items) => items.map((i) => (i.id === id ? { ...i, suggested: false } : i)));
      return { id };
    },
    onSuccess: () => toast.success("Added to the action items"),
    onError: (_error, id) => {
      setItems((items) => items.map((i) => (i.id === id ? { ...i, suggested: true } : i)));
      toast.error("Failed to accept the possible action item");
    },
    onSettled: settle,
  });

  return { toggle, update, create, remove, accept, dismiss };
}
