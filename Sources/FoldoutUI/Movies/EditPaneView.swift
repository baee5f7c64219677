// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutCore
import Gtk

/// The settings pane of the Movies page (seed 004): the selected movie's title, genre and notes,
/// and Add and Delete. It slides down above the list, which shrinks to make room.
@MainActor
final class EditPaneView {
    let revealer = Revealer(.slideDown, durationMS: 250)
    let titleEntry = Entry(placeholder: tr("Title"))
    let titleProblem = Label()
    let genre = DropDown(strings: Genre.allCases.map(\.title))
    let notes = TextView()
    let addButton = Button(label: tr("_Add"), mnemonic: true)
    let deleteButton = Button(label: tr("_Delete"), mnemonic: true)

    init() {
        let titleCaption = Label(tr("Title"))
        titleCaption.xalign = 1
        titleCaption.addCSSClass("dim-label")
        let genreCaption = Label(tr("Genre"))
        genreCaption.xalign = 1
        genreCaption.addCSSClass("dim-label")
        titleEntry.hexpand = true
        titleEntry.setAccessibleLabel(tr("Title"))
        genre.setAccessibleLabel(tr("Genre"))
        let notesCaption = Label(tr("Notes"))
        notesCaption.xalign = 1
        notesCaption.setAlign(vertical: .start)
        notesCaption.addCSSClass("dim-label")
        notes.setAccessibleLabel(tr("Notes"))
        notes.addCSSClass("notes")
        let notesScroller = ScrolledWindow()
        notesScroller.limitHeight(to: 90)
        notesScroller.setMinimumContentHeight(54)
        notesScroller.child = notes
        notesScroller.addCSSClass("notes-frame")
        titleProblem.xalign = 0
        titleProblem.addCSSClass("error")
        titleProblem.isVisible = false
        deleteButton.addCSSClass("destructive-action")

        let grid = Grid(rowSpacing: 6, columnSpacing: 12)
        grid.attach(titleCaption, column: 0, row: 0)
        grid.attach(titleEntry, column: 1, row: 0)
        grid.attach(titleProblem, column: 1, row: 1)
        grid.attach(genreCaption, column: 0, row: 2)
        grid.attach(genre, column: 1, row: 2)
        grid.attach(notesCaption, column: 0, row: 3)
        grid.attach(notesScroller, column: 1, row: 3)
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlign(horizontal: .end)
        buttons.append(addButton)
        buttons.append(deleteButton)
        grid.attach(buttons, column: 1, row: 4)

        let box = Box(.vertical)
        box.addCSSClass("edit-pane")
        box.append(grid)
        revealer.child = box
    }

    /// Shows a refused title where it was typed, or clears that.
    func showTitleProblem(_ problem: TitleProblem?) {
        if problem != nil { titleEntry.addCSSClass("error") } else { titleEntry.removeCSSClass("error") }
        titleProblem.text = problem?.message ?? ""
        titleProblem.isVisible = problem != nil
    }

    /// Enables the fields when there is a movie to edit.
    func setEditable(_ editable: Bool) {
        titleEntry.isSensitive = editable
        genre.isSensitive = editable
        notes.isSensitive = editable
        deleteButton.isSensitive = editable
    }
}
