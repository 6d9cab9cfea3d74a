extension GameScreen {
    /// Shift, Ctrl… alone reach a game only when the player bound one (Shift as hold).
    var wantsModifierKeys: Bool { config.bindings.bindsModifierKeys }
}
